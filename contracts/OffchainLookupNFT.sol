// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Answers every read with EIP-3668's OffchainLookup naming gateway URLs of the test's choosing:
/// name, symbol, owner, ownerOf, balanceOf, isValidSignature, ENS resolver calls, anything. A client
/// that follows CCIP-Read would fetch those URLs. With `declareErc721` set it answers
/// supportsInterface truthfully, so a sync indexes its Transfer events and a claim reaches ownerOf.
contract OffchainLookupNFT {
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    string[] private gateways;
    bool private declaresErc721;

    /// Set after deployment too: a copy of the code placed at another address (anvil_setCode) starts with empty storage.
    function configure(string[] calldata urls, bool declareErc721) external {
        delete gateways;
        for (uint256 i = 0; i < urls.length; i++) gateways.push(urls[i]);
        declaresErc721 = declareErc721;
    }

    function mint(address to, uint256 tokenId) external {
        emit Transfer(address(0), to, tokenId);
    }

    function supportsInterface(bytes4 interfaceId) external view returns (bool) {
        if (!declaresErc721) lookup();
        return interfaceId == 0x80ac58cd || interfaceId == 0x01ffc9a7;
    }

    fallback() external {
        lookup();
    }

    function lookup() private view {
        revert OffchainLookup(address(this), gateways, msg.data, bytes4(0x12345678), msg.data);
    }
}
