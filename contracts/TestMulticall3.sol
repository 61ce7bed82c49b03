// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Multicall3's aggregate3, the one function viem batches reads through: a test places its code at
/// the address Ethereum's Multicall3 has (anvil_setCode), so a client for "Ethereum" pointed at the
/// local node reads as it would on mainnet.
contract TestMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            results[i] = Result(success, returnData);
        }
    }
}
